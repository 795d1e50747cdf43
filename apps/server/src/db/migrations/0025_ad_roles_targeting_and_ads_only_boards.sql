-- Who a promoted Pin may reach, and boards of ad accounts (decision 043).

-- A person's gender and age group, when they tell them in their account
-- settings (null: unknown). Delivery matches them against an ad group's
-- targeting; an unknown one does not exclude, unless the targeting names
-- genders without 'unknown'.
ALTER TABLE users ADD COLUMN gender text CHECK (gender IN ('female', 'male', 'unknown'));
ALTER TABLE users ADD COLUMN age_group text CHECK (age_group IN ('18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'));

-- An ads-only board (made on an ad account for its ads): its name is fixed.
ALTER TABLE boards ADD COLUMN is_ads_only boolean NOT NULL DEFAULT false;
