-- name: transaction_read_only
SHOW transaction_read_only;
