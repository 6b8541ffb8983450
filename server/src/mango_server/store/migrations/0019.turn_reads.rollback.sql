DROP FUNCTION mango_next_trigger(text);
DROP FUNCTION mango_active_turn(text);
