-- depends: 0024.recipe_parts
-- The budget a Deployment gives each Run's Session, in the Session's form
-- ({"type": "limit", "max_list_cost": Money|null, "max_tokens": int|null}); NULL for none.
ALTER TABLE deployments ADD COLUMN budget jsonb;
