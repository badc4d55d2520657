"""Demo and generated data: the demo club (``demo``, ``manage.py load_demo``) and a large
synthetic league for scale tests and benchmarks (``generate``, ``manage.py generate_league``)."""
