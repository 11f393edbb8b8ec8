cg_annotate --diff demo.cgout demo2.cgout --limit 'main:Ir=+1%' >/dev/null
