-- Which promoted Pins each person was served, and when last (decision 056):
-- a save of the Pin by someone served its ad is counted here, by the
-- database, whatever path the save took; a client's outbound click counts
-- only after an impression to that person. One row per person and ad; a
-- person's rows older than the attribution window (7 days) go when they are
-- next served an ad, and with the person or the ad.
CREATE TABLE ad_impressions_seen (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  served_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, pin_id, ad_id)
);
CREATE INDEX ad_impressions_seen_ad_idx ON ad_impressions_seen (ad_id);

-- A save (a Pin saved from another) of a promoted Pin whose ad the saver was served within the window: once a day per person and ad.
CREATE FUNCTION count_promoted_save() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN WITH ad AS (SELECT s.ad_id FROM ad_impressions_seen s WHERE s.user_id = NEW.pinner_id AND s.pin_id = NEW.parent_pin_id AND s.served_at > now() - interval '7 days' ORDER BY s.served_at DESC LIMIT 1), ev AS (INSERT INTO ad_events (ad_id, kind, user_id) SELECT ad_id, 'save', NEW.pinner_id FROM ad ON CONFLICT (ad_id, user_id, kind, day) WHERE kind <> 'impression' DO NOTHING RETURNING ad_id) INSERT INTO ad_daily_stats (ad_id, day, saves) SELECT ad_id, CURRENT_DATE, 1 FROM ev ON CONFLICT (ad_id, day) DO UPDATE SET saves = ad_daily_stats.saves + 1; RETURN NULL; END
$$;
CREATE TRIGGER pins_count_promoted_save AFTER INSERT ON pins FOR EACH ROW WHEN (NEW.parent_pin_id IS NOT NULL) EXECUTE FUNCTION count_promoted_save();
