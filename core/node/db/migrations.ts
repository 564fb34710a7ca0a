/**
 * Versioned schema migrations. `PRAGMA user_version` records the last one applied; each runs
 * once, in its own transaction. Append new migrations; never edit an applied one.
 */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'accounts, keys, locations, tariffs, providers',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        token_ttl_seconds INTEGER NOT NULL DEFAULT 3600,
        time_created TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        key TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        live_mode INTEGER NOT NULL,
        time_created TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE bearer_tokens (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        api_key TEXT NOT NULL REFERENCES api_keys(key) ON DELETE CASCADE,
        live_mode INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX bearer_tokens_expiry ON bearer_tokens(expires_at);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE locations (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX locations_scope ON locations(account_id, live_mode, seq);

      CREATE TABLE tariffs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        location_id TEXT NOT NULL,
        type TEXT NOT NULL,
        direction TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX tariffs_location ON tariffs(account_id, live_mode, location_id, seq);

      CREATE TABLE providers (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'market regions and prices; tariff update times',
    sql: `
      CREATE TABLE market_regions (
        id TEXT PRIMARY KEY,
        body TEXT NOT NULL,
        demo_from INTEGER,
        demo_to INTEGER,
        time_updated TEXT NOT NULL
      );
      CREATE TABLE market_prices (
        region TEXT NOT NULL REFERENCES market_regions(id) ON DELETE CASCADE,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL,
        price REAL NOT NULL,
        PRIMARY KEY (region, start_ms)
      ) WITHOUT ROWID;
      ALTER TABLE tariffs ADD COLUMN time_updated TEXT;
    `,
  },
  {
    version: 3,
    name: 'connect tokens and sessions, events, grid fees',
    sql: `
      CREATE TABLE connect_tokens (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        type TEXT NOT NULL,
        object_id TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX events_scope ON events(account_id, live_mode, seq);
      CREATE TABLE grid_fees (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'webhook endpoints, outbox, attempts, catcher',
    sql: `
      CREATE TABLE webhook_endpoints (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        endpoint_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        time_created TEXT NOT NULL,
        time_updated TEXT NOT NULL
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
      CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, seq);
      CREATE TABLE webhook_attempts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, seq);
      CREATE TABLE catcher_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        endpoint_id TEXT NOT NULL,
        body TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'webhook signing keys (PS256)',
    sql: `
      CREATE TABLE webhook_signing_keys (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kid TEXT NOT NULL UNIQUE,
        alg TEXT NOT NULL,
        public_jwk TEXT NOT NULL,
        private_pem TEXT NOT NULL,
        time_created TEXT NOT NULL,
        retired_at TEXT,
        expires_at TEXT
      );
      CREATE UNIQUE INDEX webhook_signing_keys_current ON webhook_signing_keys(alg) WHERE retired_at IS NULL;
    `,
  },
  {
    version: 6,
    name: 'tariff lifecycle events sent',
    sql: `
      CREATE TABLE tariff_lifecycle (
        tariff_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        time_sent TEXT NOT NULL,
        PRIMARY KEY (tariff_id, kind)
      );
    `,
  },
  {
    version: 7,
    name: 'scenarios (saved test-mode worlds)',
    sql: `
      CREATE TABLE scenarios (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        files TEXT NOT NULL,
        time_created TEXT NOT NULL
      );
      CREATE INDEX scenarios_account ON scenarios(account_id, seq);
    `,
  },
  {
    version: 8,
    name: "tariff status by location, indexed (a location's status without reading its tariffs)",
    sql: `
      CREATE INDEX tariffs_status ON tariffs(account_id, live_mode, location_id, json_extract(body, '$.status'));
    `,
  },
  {
    version: 9,
    name: 'tariffs still owing a lifecycle event, by end date (due work without reading every tariff)',
    // Kept by triggers, so every writer (the service, workspace import, demo reset) keeps it right.
    // end_date is contract_end_date as stored: its first ten characters are the local date.
    sql: `
      CREATE TABLE lifecycle_owed (
        tariff_id TEXT PRIMARY KEY,
        end_date TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX lifecycle_owed_end ON lifecycle_owed(end_date);
      INSERT INTO lifecycle_owed (tariff_id, end_date)
        SELECT t.id, json_extract(t.body, '$.contract_end_date') FROM tariffs t
        WHERE json_extract(t.body, '$.contract_end_date') IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = t.id AND x.kind = 'tariff.expired');
      CREATE TRIGGER lifecycle_owed_tariff_insert AFTER INSERT ON tariffs
      WHEN json_extract(NEW.body, '$.contract_end_date') IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = NEW.id AND x.kind = 'tariff.expired')
      BEGIN
        INSERT OR REPLACE INTO lifecycle_owed (tariff_id, end_date)
          VALUES (NEW.id, json_extract(NEW.body, '$.contract_end_date'));
      END;
      CREATE TRIGGER lifecycle_owed_tariff_update AFTER UPDATE ON tariffs
      BEGIN
        DELETE FROM lifecycle_owed WHERE tariff_id = OLD.id;
        INSERT OR REPLACE INTO lifecycle_owed (tariff_id, end_date)
          SELECT NEW.id, json_extract(NEW.body, '$.contract_end_date')
          WHERE json_extract(NEW.body, '$.contract_end_date') IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = NEW.id AND x.kind = 'tariff.expired');
      END;
      CREATE TRIGGER lifecycle_owed_tariff_delete AFTER DELETE ON tariffs
      BEGIN
        DELETE FROM lifecycle_owed WHERE tariff_id = OLD.id;
      END;
      CREATE TRIGGER lifecycle_owed_sent AFTER INSERT ON tariff_lifecycle
      WHEN NEW.kind = 'tariff.expired'
      BEGIN
        DELETE FROM lifecycle_owed WHERE tariff_id = NEW.tariff_id;
      END;
      CREATE TRIGGER lifecycle_owed_unsent AFTER DELETE ON tariff_lifecycle
      WHEN OLD.kind = 'tariff.expired'
      BEGIN
        INSERT OR REPLACE INTO lifecycle_owed (tariff_id, end_date)
          SELECT t.id, json_extract(t.body, '$.contract_end_date') FROM tariffs t
          WHERE t.id = OLD.tariff_id AND json_extract(t.body, '$.contract_end_date') IS NOT NULL;
      END;
    `,
  },
  {
    version: 10,
    name: 'customers, devices, meter records and register readings; the customer of a location, indexed',
    // Meter records are rows, not documents: a year of quarter hours is 35,040 of them, read by
    // time range for reports and looked up by their two identities on every submission.
    // device_id is '' for a location's own meter, so that identity is one unique index, which
    // also serves a location's reports (by direction and start). Each index costs every insert,
    // and one on the random ids would touch a random page per record (halving a submission's
    // speed): ids are random and never reused, rows are changed by seq.
    sql: `
      CREATE TABLE customers (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        reference_id TEXT,
        body TEXT NOT NULL
      );
      CREATE INDEX customers_scope ON customers(account_id, live_mode, seq);
      CREATE INDEX customers_reference ON customers(account_id, live_mode, reference_id, seq);
      CREATE TABLE devices (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        reference_id TEXT,
        body TEXT NOT NULL
      );
      CREATE INDEX devices_scope ON devices(account_id, live_mode, seq);
      CREATE INDEX devices_reference ON devices(account_id, live_mode, reference_id, seq);
      ALTER TABLE locations ADD COLUMN customer_id TEXT;
      UPDATE locations SET customer_id = json_extract(body, '$.customer_id');
      CREATE INDEX locations_customer ON locations(account_id, live_mode, customer_id, seq);
      CREATE TABLE meter_records (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        location_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        session_reference_id TEXT,
        record_reference_id TEXT,
        tariff_direction TEXT NOT NULL,
        energy_flow_direction TEXT NOT NULL,
        units TEXT NOT NULL,
        value REAL NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL,
        micro_kwh INTEGER NOT NULL,
        confidence REAL NOT NULL,
        time_created TEXT NOT NULL
      );
      CREATE UNIQUE INDEX meter_records_reference
        ON meter_records(account_id, live_mode, location_id, record_reference_id)
        WHERE record_reference_id IS NOT NULL;
      CREATE UNIQUE INDEX meter_records_slot
        ON meter_records(account_id, live_mode, location_id, tariff_direction, start_ms, end_ms, device_id, energy_flow_direction);
      CREATE INDEX meter_records_device
        ON meter_records(account_id, live_mode, device_id, tariff_direction, start_ms)
        WHERE device_id <> '';
      CREATE INDEX meter_records_session
        ON meter_records(account_id, live_mode, session_reference_id)
        WHERE session_reference_id IS NOT NULL;
      CREATE TABLE meter_readings (
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        location_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        tariff_direction TEXT NOT NULL,
        energy_flow_direction TEXT NOT NULL,
        time_ms INTEGER NOT NULL,
        micro_kwh INTEGER NOT NULL,
        PRIMARY KEY (account_id, live_mode, location_id, device_id, tariff_direction, energy_flow_direction, time_ms)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 11,
    name: 'events carry their object itself in data (tariff and location events were wrapped in {object})',
    sql: `
      UPDATE events SET body = json_set(body, '$.data', json_extract(body, '$.data.object'))
      WHERE (type LIKE 'tariff.%' OR type LIKE 'location.%')
        AND json_type(body, '$.data.object') = 'object'
        AND json_type(body, '$.data.id') IS NULL;
    `,
  },
  {
    version: 12,
    name: 'receiver check messages in the delivery log',
    // A delivery with a mark here is a receiver check's message, not an event's delivery; the mark
    // (check id, name, expected answer, verdict, type sent) goes with its delivery. Written so it
    // can run again on a folder that has it.
    sql: `
      CREATE TABLE IF NOT EXISTS webhook_check_marks (
        delivery_id TEXT PRIMARY KEY,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TRIGGER IF NOT EXISTS webhook_check_marks_delivery_delete AFTER DELETE ON webhook_deliveries
      BEGIN
        DELETE FROM webhook_check_marks WHERE delivery_id = OLD.id;
      END;
    `,
  },
  {
    version: 13,
    name: 'what a location answer derives from its tariffs, by index; locations filtered by reference_id',
    sql: `
      CREATE INDEX IF NOT EXISTS tariffs_slot ON tariffs(account_id, live_mode, location_id, type, direction, seq);
      CREATE INDEX IF NOT EXISTS tariffs_ids ON tariffs(account_id, live_mode, location_id, seq, id);
      CREATE INDEX IF NOT EXISTS tariffs_market
        ON tariffs(account_id, live_mode, location_id, direction, json_extract(body, '$.market_rates'));
      CREATE INDEX IF NOT EXISTS locations_reference
        ON locations(account_id, live_mode, json_extract(body, '$.reference_id'));
    `,
  },
  {
    version: 14,
    name: 'meter batches, kept as their submissions answered them, and the locations each stored records for',
    // A batch is read by its id (GET /meters/batch) and goes with the last location it stored
    // records for: the side table finds a location's batches, and a batch's remaining locations.
    // Written so it can run again on a folder that has it.
    sql: `
      CREATE TABLE IF NOT EXISTS meter_batches (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS meter_batches_scope ON meter_batches(account_id, live_mode, seq);
      CREATE TABLE IF NOT EXISTS meter_batch_locations (
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        location_id TEXT NOT NULL,
        batch_id TEXT NOT NULL,
        PRIMARY KEY (account_id, live_mode, location_id, batch_id)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS meter_batch_locations_batch ON meter_batch_locations(batch_id);
      CREATE TRIGGER IF NOT EXISTS meter_batches_delete AFTER DELETE ON meter_batches
      BEGIN
        DELETE FROM meter_batch_locations WHERE batch_id = OLD.id;
      END;
    `,
  },
  {
    version: 15,
    name: 'device states, as devices report them',
    // A device's reported states (state of charge and the rest), read latest first by the
    // time measured; they go with their device. Written so it can run again on a folder that has it.
    sql: `
      CREATE TABLE IF NOT EXISTS device_states (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        device_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        live_mode INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS device_states_latest ON device_states(account_id, live_mode, device_id, time_ms);
    `,
  },
  {
    version: 16,
    name: 'webhook endpoints are named (their description, "Catcher", or the host of their URL)',
    // The same rule as endpointName() in webhooks/endpoints.ts, for endpoints stored before names
    // existed. Only endpoints without a name are touched, so it can run again.
    sql: `
      UPDATE webhook_endpoints SET body = json_set(body, '$.name',
        CASE
          WHEN trim(coalesce(json_extract(body, '$.description'), '')) <> ''
            THEN substr(trim(json_extract(body, '$.description')), 1, 100)
          WHEN json_extract(body, '$.catcher') THEN 'Catcher'
          ELSE (
            WITH u(rest) AS (SELECT substr(json_extract(body, '$.url'), instr(json_extract(body, '$.url'), '://') + 3))
            SELECT CASE WHEN instr(rest, '/') > 0 THEN substr(rest, 1, instr(rest, '/') - 1) ELSE rest END FROM u
          )
        END)
      WHERE json_type(body, '$.name') IS NULL;
    `,
  },
];
