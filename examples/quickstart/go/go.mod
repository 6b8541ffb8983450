module github.com/mango-ai/mango/examples/quickstart/go

go 1.27

require github.com/mango-ai/mango-go v0.0.0

replace github.com/mango-ai/mango-go => ../../../sdk-go
