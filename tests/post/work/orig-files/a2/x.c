uno
dos
