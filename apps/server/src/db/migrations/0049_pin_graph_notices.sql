-- Related Pins walk an in-memory graph of Pins and boards on every app server (decision 091). Each
-- statement that makes, moves or deletes Pins says so at commit on `pin_graph`, to every server:
-- lines separated by a space, `+<id>:<board or empty>:<parent or empty>` for a new Pin row,
-- `~<id>:<board or empty>` for a Pin moved to another board (or to none), `-<id>` for a deleted one.
-- A notice carries at most 7,000 characters; a statement that touched more sends several.
-- (A line inside the body never ends with a semicolon: the migrator splits statements there.)
CREATE FUNCTION send_pin_graph(lines text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line text; --
  payload text := ''; --
BEGIN
  FOREACH line IN ARRAY lines
  LOOP
    IF length(payload) + length(line) > 7000 THEN
      PERFORM pg_notify('pin_graph', payload); --
      payload := ''; --
    END IF; --
    payload := CASE WHEN payload = '' THEN line ELSE payload || ' ' || line END; --
  END LOOP; --
  IF payload <> '' THEN
    PERFORM pg_notify('pin_graph', payload); --
  END IF; --
END
$$;

CREATE FUNCTION notify_pin_graph_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM send_pin_graph(ARRAY(
    SELECT '+' || n.id || ':' || COALESCE(n.board_id::text, '') || ':' || COALESCE(n.parent_pin_id::text, '') FROM new_rows n ORDER BY n.id)); --
  RETURN NULL; --
END
$$;

CREATE FUNCTION notify_pin_graph_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM send_pin_graph(ARRAY(
    SELECT '~' || n.id || ':' || COALESCE(n.board_id::text, '')
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.board_id IS DISTINCT FROM o.board_id)); --
  RETURN NULL; --
END
$$;

CREATE FUNCTION notify_pin_graph_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM send_pin_graph(ARRAY(SELECT '-' || o.id FROM old_rows o)); --
  RETURN NULL; --
END
$$;

CREATE TRIGGER pins_graph_inserted AFTER INSERT ON pins REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_pin_graph_inserted();
CREATE TRIGGER pins_graph_moved AFTER UPDATE ON pins REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_pin_graph_moved();
CREATE TRIGGER pins_graph_deleted AFTER DELETE ON pins REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_pin_graph_deleted();
