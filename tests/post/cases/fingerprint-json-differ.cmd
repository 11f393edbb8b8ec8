cg_annotate --format=json --diff --limit Ir=+5% fp-a.cgout fp-b.cgout
