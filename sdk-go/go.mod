module github.com/mango-ai/mango-go

go 1.27
