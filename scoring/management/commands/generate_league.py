"""``manage.py generate_league``: a large league (200 players, 20,000 games, ~300,000 hands)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from scoring import services
from scoring.models import Club
from scoring.sample.generate import generate


class Command(BaseCommand):
    help = "Generate a large synthetic league for scale tests and benchmarks."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=200)
        parser.add_argument("--games", type=int, default=20_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--club", default="scale", help="Slug of the club to create.")
        parser.add_argument("--quiet", action="store_true", help="No progress bar.")

    def handle(self, *args, **options):
        if options["players"] < 4 or options["games"] < 0:
            raise CommandError("need at least 4 players and a non-negative number of games")
        slug = options["club"]
        if Club.objects.filter(slug=slug).exists():
            raise CommandError(f"a club with slug {slug!r} exists already")
        # Staff: held to no limit of clubs per user (a benchmark makes one a size).
        user, _ = get_user_model().objects.update_or_create(
            username="scale-generator", defaults={"is_staff": True}
        )
        club = services.create_club(user=user, name=f"Scale club {slug}", slug=slug)

        def progress(iterable):
            if options["quiet"]:
                return iterable
            return tqdm(iterable, total=options["games"], unit="game", file=self.stderr._out)

        league = generate(
            club=club,
            actor=user,
            players=options["players"],
            games=options["games"],
            seed=options["seed"],
            progress=progress,
        )
        hands = sum(g.hands_played for g in league.games.only("hands_played"))
        self.stdout.write(
            f"league {league.pk} in club {club.slug}: {options['players']} players, "
            f"{league.games.count()} games, {hands} hands"
        )
