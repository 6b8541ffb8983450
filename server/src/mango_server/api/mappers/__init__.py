"""Wire mappers: typed rows and use-case results to the public JSON shapes, one module per resource."""
