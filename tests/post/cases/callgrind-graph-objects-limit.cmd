cg_annotate --diff --no-annotate objects.clout objects2.clout --limit '(below main):Ir=+5%' --limit '(below main) [libc.so.6]:Ir=+5%' --limit '__libc_start_main:Ir=+10%' > /dev/null
