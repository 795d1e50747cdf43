-- The business profile a session acts as (docs/product/api-contract.md §9, BusinessActingResource;
-- decision 059): kept with the session, so every tab of it acts alike. NULL: the
-- person themself. Checked against business access and the MFA rule each time it
-- is used; cleared when the right ends (and with the business's account).
-- Changing it updates the sessions row, so session_changed (migration 0029) tells
-- every server to forget the viewers it kept.
ALTER TABLE sessions ADD COLUMN acting_as bigint REFERENCES users (id) ON DELETE SET NULL;
