one
two
three
