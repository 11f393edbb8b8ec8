cg_annotate --diff fnlim-old.clout fnlim-new.clout --limit 'ns::f:Ir=+3%' --limit '*operator[]*:Ir=+10%' --limit 'ns::*:Ir=+10%' >/dev/null
