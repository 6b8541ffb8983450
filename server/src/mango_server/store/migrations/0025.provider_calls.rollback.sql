DROP TABLE provider_calls;
