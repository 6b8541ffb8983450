DROP TABLE model_requests;
DROP TABLE context_compactions;
