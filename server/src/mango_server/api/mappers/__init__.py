"""Wire mappers: typed rows and use-case results to the JSON shapes of the API, one module per resource."""
