cg_annotate --source-map /nowhere=/none --source-map /build/=moved/ built.cgout
