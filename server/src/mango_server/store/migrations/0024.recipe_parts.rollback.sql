-- Recipes written in the compact form get their full form back before the parts go.
UPDATE model_requests SET recipe = mango_request_recipe(id)
WHERE json_typeof(recipe->'entries') = 'object' OR json_typeof(recipe->'system') = 'object'
   OR json_typeof(recipe->'tools') = 'object' OR json_typeof(recipe->'tool_config') = 'object';
DROP FUNCTION mango_request_recipe(text);
DROP TABLE recipe_parts;
