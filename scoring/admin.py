"""Django admin for the records an operator looks at: clubs, members, players, leagues, seasons,
games, hands, disputes, history and merges, and the callers' device tokens, idempotency keys,
reset links and sign-in counts (read-mostly: history is append-only)."""

from django.contrib import admin

from scoring import models, services


class ShownInTablesAdmin(admin.ModelAdmin):
    """An edit here bypasses the services, so it would not reach a kept table or scoreboard:
    tell the clubs it touches that their tables changed (``club_of``: the path to the club's
    id) and give the games it touches (``games_of``) new versions, before and after the edit
    alike (an edit may move a record from one club or game to another), once it is done."""

    club_of = "club_id"

    def games_of(self, obj) -> list[int]:
        return []

    def _owners(self, obj) -> tuple[set[int], set[int]]:
        if obj is None:
            return set(), set()
        target = obj
        for step in self.club_of.split("."):
            target = getattr(target, step)
        return {target}, set(self.games_of(obj))

    def _stored(self, pk) -> tuple[set[int], set[int]]:
        return self._owners(self.model.objects.filter(pk=pk).first())

    def _changed(self, *owners: tuple[set[int], set[int]]) -> None:
        for club_id in set().union(*(clubs for clubs, _ in owners)):
            # An edit here may move any count: the club's per-day totals counted again.
            services.rebuild_totals(club_id)
            services.tables_changed(club_id)
        games = set().union(*(games for _, games in owners))
        services.games_changed(models.Game.objects.filter(pk__in=games))

    def save_model(self, request, obj, form, change) -> None:
        before = self._stored(obj.pk) if change else (set(), set())
        super().save_model(request, obj, form, change)
        self._changed(before, self._owners(obj))

    def delete_model(self, request, obj) -> None:
        before = self._owners(obj)
        super().delete_model(request, obj)
        self._changed(before)

    def delete_queryset(self, request, queryset) -> None:
        before = [self._owners(obj) for obj in queryset]
        super().delete_queryset(request, queryset)
        self._changed(*before)

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        self._changed(self._owners(form.instance))


@admin.register(models.Club)
class ClubAdmin(ShownInTablesAdmin):
    club_of = "pk"
    list_display = ["name", "slug", "is_public", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]


@admin.register(models.Player)
class PlayerAdmin(ShownInTablesAdmin):
    def games_of(self, obj):
        return list(models.Game.objects.filter(seats__player=obj).values_list("pk", flat=True))

    list_display = ["name", "club", "user", "merged_into"]
    list_filter = ["club"]
    search_fields = ["name"]
    # A PIN is set by its player or a director (scoring.services.set_pin), kept hashed, and
    # guessed within the limits scoring.services.pins keeps.
    exclude = ["pin_hash", "pin_failures", "pin_blocked_until", "pin_day", "pin_day_failures"]


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
    readonly_fields = ["version", "totals", "gems", "hands_played", "winners"]

    def games_of(self, obj):
        return [obj.pk]

    list_display = ["id", "club", "league", "status", "started_at", "hands_played", "version"]
    list_filter = ["status", "club"]
    inlines = [GameSeatInline]


@admin.register(models.Hand)
class HandAdmin(ShownInTablesAdmin):
    club_of = "game.club_id"

    def games_of(self, obj):
        return [obj.game_id]

    list_display = ["game", "number", "level", "is_void", "updated_at"]
    list_filter = ["level", "is_void"]
    readonly_fields = ["revision"]

    def save_model(self, request, obj, form, change) -> None:
        if change and form.has_changed():  # a confirmation in flight names the old revision
            obj.revision += 1
        super().save_model(request, obj, form, change)


@admin.register(models.HistoryEntry)
class HistoryEntryAdmin(admin.ModelAdmin):
    list_display = ["game", "hand_number", "action", "actor", "at"]
    list_filter = ["action"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # append-only

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# The records shown as they are, each with the columns an operator reads: one line a model
# (admin.site.register makes each its ``<Model>Admin``). Secrets are kept out: a token's and a
# reset link's key hash (the key itself is never kept). A reset link shows who made it for whom
# and what became of it; a sign-in count is deleted to unlock its username (and address).
PLAIN = {
    models.Membership: {"list_display": ["user", "club", "role"], "list_filter": ["role", "club"]},
    models.Dispute: {"list_display": ["id", "hand", "status", "opened_at", "resolved_at"]},
    models.PlayerMerge: {"list_display": ["source", "target", "actor", "at"]},
    models.DeviceToken: {
        "list_display": ["name", "user", "prefix", "created_at", "last_used_at", "revoked_at"],
        "exclude": ["key_hash"],
    },
    models.IdempotencyRecord: {"list_display": ["user", "key", "status_code", "created_at"]},
    models.PasswordResetLink: {
        "list_display": ["user", "made_by", "created_at", "expires_at", "used_at", "voided_at"],
        "exclude": ["key_hash"],
    },
    models.SignInCount: {
        "list_display": ["username", "address", "failures", "latest"],
        "search_fields": ["username", "address"],
    },
}
for _model, _options in PLAIN.items():
    admin.site.register(_model, **_options)
