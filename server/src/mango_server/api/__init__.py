"""The HTTP edge: thin handlers per resource and the generated wire models and route table."""
