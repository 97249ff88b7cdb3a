-- Custom migration. api_usage_monthly is kept from api_usage_daily by
-- triggers, in the statement that wrote the day (the usage counter's upsert
-- needs no change): the day's change goes to the month's total and to the
-- day's entry in day_calls. Then the months are filled from the existing days.
CREATE TRIGGER api_usage_monthly_insert AFTER INSERT ON api_usage_daily BEGIN
  INSERT INTO api_usage_monthly (user_id, month, calls, day_calls)
    VALUES (NEW.user_id, substr(NEW.day, 1, 7), NEW.calls, json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', NEW.calls))
    ON CONFLICT (user_id, month) DO UPDATE SET calls = calls + excluded.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']') + excluded.calls);
END;
--> statement-breakpoint
CREATE TRIGGER api_usage_monthly_update AFTER UPDATE OF user_id, day, calls ON api_usage_daily BEGIN
  UPDATE api_usage_monthly SET calls = calls - OLD.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']') - OLD.calls)
    WHERE user_id = OLD.user_id AND month = substr(OLD.day, 1, 7) AND (OLD.user_id <> NEW.user_id OR OLD.day <> NEW.day);
  INSERT INTO api_usage_monthly (user_id, month, calls, day_calls)
    VALUES (NEW.user_id, substr(NEW.day, 1, 7), NEW.calls, json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', NEW.calls))
    ON CONFLICT (user_id, month) DO UPDATE SET
      calls = calls + excluded.calls - (CASE WHEN OLD.user_id = NEW.user_id AND OLD.day = NEW.day THEN OLD.calls ELSE 0 END),
      day_calls = json_set(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']') + excluded.calls - (CASE WHEN OLD.user_id = NEW.user_id AND OLD.day = NEW.day THEN OLD.calls ELSE 0 END));
END;
--> statement-breakpoint
CREATE TRIGGER api_usage_monthly_delete AFTER DELETE ON api_usage_daily BEGIN
  UPDATE api_usage_monthly SET calls = calls - OLD.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']') - OLD.calls)
    WHERE user_id = OLD.user_id AND month = substr(OLD.day, 1, 7);
END;
--> statement-breakpoint
INSERT INTO api_usage_monthly (user_id, month, calls, day_calls)
  SELECT m.user_id, m.month, m.calls,
         (SELECT json_group_array(COALESCE((SELECT d.calls FROM api_usage_daily d WHERE d.user_id = m.user_id AND d.day = m.month || '-' || printf('%02d', k.i)), 0)) FROM (WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 31) SELECT i FROM k ORDER BY i) AS k)
    FROM (SELECT user_id, substr(day, 1, 7) AS month, SUM(calls) AS calls FROM api_usage_daily GROUP BY user_id, substr(day, 1, 7)) AS m;
