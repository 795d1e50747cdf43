-- Advertising: a business's ad account, its campaigns, each with one ad
-- group (the targeting) and one ad (the promoted Pin), the events of
-- promoted Pins and their daily totals (decision 036).

-- One ad account per business to begin with (docs/product/api-contract.md §8).
CREATE TABLE advertisers (
  id bigint PRIMARY KEY,
  owner_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  country text NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX advertisers_owner_idx ON advertisers (owner_user_id);

CREATE TABLE ad_campaigns (
  id bigint PRIMARY KEY,
  advertiser_id bigint NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED')),
  objective_type text NOT NULL,
  daily_budget_micro bigint NOT NULL CHECK (daily_budget_micro > 0),
  -- daily budget × duration for a campaign with an end; null when ongoing.
  lifetime_budget_micro bigint,
  duration_days int NOT NULL,
  is_ongoing boolean NOT NULL,
  start_date date NOT NULL,
  end_date date CHECK (end_date IS NULL OR end_date >= start_date),
  -- What it has spent in all, and on spend_day (the pacing of the daily budget).
  spend_micro bigint NOT NULL DEFAULT 0,
  spend_day date NOT NULL DEFAULT CURRENT_DATE,
  spend_day_micro bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_campaigns_advertiser_idx ON ad_campaigns (advertiser_id, id DESC);

CREATE TABLE ad_groups (
  id bigint PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES ad_campaigns (id) ON DELETE CASCADE,
  name text NOT NULL,
  country text NOT NULL,
  ages text[] NOT NULL DEFAULT '{}',
  genders text[] NOT NULL DEFAULT '{}',
  interests text[] NOT NULL DEFAULT '{}',
  auto_targeting boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_groups_campaign_idx ON ad_groups (campaign_id);

-- The ad: one promoted Pin. `serving`, `country` and `owner_user_id` are the
-- delivery's copy of its campaign's state, kept by the ads service, so that a
-- home-feed page finds candidate ads with one index (ads_serving_idx).
CREATE TABLE ads (
  id bigint PRIMARY KEY,
  ad_group_id bigint NOT NULL REFERENCES ad_groups (id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES ad_campaigns (id) ON DELETE CASCADE,
  advertiser_id bigint NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  destination_url text,
  serving boolean NOT NULL DEFAULT true,
  country text NOT NULL,
  owner_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ads_serving_idx ON ads (country, campaign_id) WHERE serving;
CREATE INDEX ads_campaign_idx ON ads (campaign_id);
CREATE INDEX ads_pin_idx ON ads (pin_id);

-- Every impression, outbound click and save of a promoted Pin. A person's
-- click or save counts once a day per ad.
CREATE TABLE ad_events (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('impression', 'outbound_click', 'save')),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  day date NOT NULL DEFAULT CURRENT_DATE,
  cost_micro bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_events_ad_idx ON ad_events (ad_id, day);
CREATE UNIQUE INDEX ad_events_once_a_day_idx ON ad_events (ad_id, user_id, kind, day) WHERE kind <> 'impression';

-- The daily totals the reports read.
CREATE TABLE ad_daily_stats (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  day date NOT NULL,
  impressions bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  saves bigint NOT NULL DEFAULT 0,
  spend_micro bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (ad_id, day)
);
