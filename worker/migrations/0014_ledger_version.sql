-- A number per person that every change of what the ledger tools read
-- moves on (movements, budgets, category budgets, debts, the bank
-- balance), whoever makes it: a turn, a cobro paid, the schedule, another
-- device. A Worker that read something ahead with a commit keeps it for
-- the next turn only while this number is unchanged; the next commit is
-- guarded on it (worker/src/tools/prefetch.rs, `Ahead`).
ALTER TABLE users ADD COLUMN ledger_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER transactions_insert_moves_ledger AFTER INSERT ON transactions
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER transactions_update_moves_ledger AFTER UPDATE ON transactions
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER transactions_delete_moves_ledger AFTER DELETE ON transactions
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = OLD.user_id;
END;

CREATE TRIGGER budgets_insert_moves_ledger AFTER INSERT ON budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER budgets_update_moves_ledger AFTER UPDATE ON budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER budgets_delete_moves_ledger AFTER DELETE ON budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = OLD.user_id;
END;

CREATE TRIGGER category_budgets_insert_moves_ledger AFTER INSERT ON category_budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER category_budgets_update_moves_ledger AFTER UPDATE ON category_budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER category_budgets_delete_moves_ledger AFTER DELETE ON category_budgets
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = OLD.user_id;
END;

CREATE TRIGGER debts_insert_moves_ledger AFTER INSERT ON debts
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER debts_update_moves_ledger AFTER UPDATE ON debts
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER debts_delete_moves_ledger AFTER DELETE ON debts
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = OLD.user_id;
END;

CREATE TRIGGER bank_balances_insert_moves_ledger AFTER INSERT ON bank_balances
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER bank_balances_update_moves_ledger AFTER UPDATE ON bank_balances
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = NEW.user_id;
END;

CREATE TRIGGER bank_balances_delete_moves_ledger AFTER DELETE ON bank_balances
BEGIN
  UPDATE users SET ledger_version = ledger_version + 1 WHERE id = OLD.user_id;
END;

INSERT OR IGNORE INTO schema_version (version) VALUES (14);
