cg_annotate --diff root-jump.clout root-jump-new.clout --limit 'start:Ir=+5' --limit 'exit_stub:Ir=+5' >/dev/null
