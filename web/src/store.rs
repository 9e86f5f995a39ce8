//! The browser's durable store: one IndexedDB database with a key-value
//! object store of JSON records.

use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Name of the IndexedDB database.
pub const DB_NAME: &str = "caja";
/// Current schema version of the IndexedDB database.
pub const DB_VERSION: u32 = 1;
const KV_STORE: &str = "kv";

/// Why the store could not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl<E: std::fmt::Display> From<E> for StoreError {
    fn from(err: E) -> Self {
        StoreError(err.to_string())
    }
}

/// An open connection to Caja's IndexedDB database.
pub struct Store {
    db: Database,
}

impl Store {
    /// Opens (and creates or upgrades) the database named `name`.
    pub async fn open(name: &str) -> Result<Store, StoreError> {
        let db = Database::open(name)
            .with_version(DB_VERSION)
            .with_on_upgrade_needed(|event, db| {
                if event.old_version() < 1.0 {
                    db.create_object_store(KV_STORE).build()?;
                }
                Ok(())
            })
            .await
            .map_err(|err| StoreError(format!("{err:?}")))?;
        Ok(Store { db })
    }

    /// Writes `value` as JSON under `key`, committing before returning.
    pub async fn put<T: Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        let json = serde_json::to_string(value)?;
        let tx = self
            .db
            .transaction(KV_STORE)
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let store = tx.object_store(KV_STORE)?;
        store
            .put(json)
            .with_key(key.to_string())
            .primitive()?
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Reads the JSON record under `key`, if any.
    pub async fn get<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError> {
        let tx = self.db.transaction(KV_STORE).build()?;
        let store = tx.object_store(KV_STORE)?;
        let json: Option<String> = store.get(key.to_string()).primitive()?.await?;
        match json {
            Some(json) => Ok(Some(serde_json::from_str(&json)?)),
            None => Ok(None),
        }
    }
}

/// Key of the app's record.
const APP_KEY: &str = "app";

impl Store {
    /// Loads the app's record, migrating older shapes.
    pub async fn load_app(&self) -> Result<crate::model::Persisted, StoreError> {
        let value: Option<serde_json::Value> = self.get(APP_KEY).await?;
        Ok(value
            .map(crate::model::migrate)
            .unwrap_or_else(|| crate::model::Persisted {
                schema: crate::model::PERSISTED_SCHEMA,
                ..Default::default()
            }))
    }

    pub async fn save_app(&self, app: &crate::model::Persisted) -> Result<(), StoreError> {
        self.put(APP_KEY, app).await
    }
}

#[cfg(test)]
mod tests {
    use super::Store;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    async fn an_older_app_record_in_indexeddb_is_migrated_on_load() {
        let store = Store::open("caja-test-migrate").await.expect("open");
        let v1 =
            serde_json::json!({ "session_token": "tok", "lines": [["user", "gasté 250 en uber"]] });
        store.put("app", &v1).await.expect("put v1");
        drop(store);
        let store = Store::open("caja-test-migrate").await.expect("reopen");
        let app = store.load_app().await.expect("load");
        assert_eq!(app.schema, crate::model::PERSISTED_SCHEMA);
        assert_eq!(app.session_token.as_deref(), Some("tok"));
        assert_eq!(app.messages[0].text, "gasté 250 en uber");
        store.save_app(&app).await.expect("save v2");
        let again = store.load_app().await.expect("load v2");
        assert_eq!(again, app);
    }

    #[wasm_bindgen_test]
    async fn a_record_survives_reopening_the_database() {
        let store = Store::open("caja-test-reopen").await.expect("open");
        store.put("note", &"hola".to_string()).await.expect("put");
        drop(store);
        let reopened = Store::open("caja-test-reopen").await.expect("reopen");
        let note: Option<String> = reopened.get("note").await.expect("get");
        assert_eq!(note.as_deref(), Some("hola"));
        let missing: Option<String> = reopened.get("missing").await.expect("get");
        assert_eq!(missing, None);
    }
}
