"""Django admin for every scorekeeping model (read-mostly: history is append-only)."""

from django.contrib import admin
from django.db.models import QuerySet

from scoring import models, services


class ShownInTablesAdmin(admin.ModelAdmin):
    """An edit here bypasses the services, so it would not reach a kept table or scoreboard:
    tell the club its tables changed (``club_of``: the path to the club's id) and give the
    games it touches (``games_of``) a new version."""

    club_of = "club_id"

    def games_of(self, obj) -> QuerySet[models.Game]:
        return models.Game.objects.none()

    def _changed(self, obj) -> None:
        target = obj
        for step in self.club_of.split("."):
            target = getattr(target, step)
        services.tables_changed(target)
        services.games_changed(self.games_of(obj))

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        self._changed(obj)

    def delete_model(self, request, obj) -> None:
        self._changed(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset) -> None:
        for obj in queryset:
            self._changed(obj)
        super().delete_queryset(request, queryset)

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        self._changed(form.instance)


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_public", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]


@admin.register(models.Player)
class PlayerAdmin(ShownInTablesAdmin):
    def games_of(self, obj):
        return models.Game.objects.filter(seats__player=obj)

    list_display = ["name", "club", "user", "merged_into"]
    list_filter = ["club"]
    search_fields = ["name"]


@admin.register(models.League)
class LeagueAdmin(ShownInTablesAdmin):
    list_display = ["name", "club", "created_at"]


@admin.register(models.Season)
class SeasonAdmin(ShownInTablesAdmin):
    club_of = "league.club_id"
    list_display = ["name", "league", "starts_on", "ends_on"]


class GameSeatInline(admin.TabularInline):
    model = models.GameSeat
    extra = 0


@admin.register(models.Game)
class GameAdmin(ShownInTablesAdmin):
    def games_of(self, obj):
        return models.Game.objects.filter(pk=obj.pk)

    list_display = ["id", "club", "league", "status", "started_at", "hands_played", "version"]
    list_filter = ["status", "club"]
    inlines = [GameSeatInline]


@admin.register(models.Hand)
class HandAdmin(ShownInTablesAdmin):
    club_of = "game.club_id"

    def games_of(self, obj):
        return models.Game.objects.filter(pk=obj.game_id)

    list_display = ["game", "number", "level", "is_void", "updated_at"]
    list_filter = ["level", "is_void"]


@admin.register(models.Dispute)
class DisputeAdmin(admin.ModelAdmin):
    list_display = ["id", "hand", "status", "opened_at", "resolved_at"]


@admin.register(models.HistoryEntry)
class HistoryEntryAdmin(admin.ModelAdmin):
    list_display = ["game", "hand_number", "action", "actor", "at"]
    list_filter = ["action"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # append-only

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    list_display = ["source", "target", "actor", "at"]


@admin.register(models.DeviceToken)
class DeviceTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    exclude = ["key_hash"]


@admin.register(models.IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ["user", "key", "status_code", "created_at"]
