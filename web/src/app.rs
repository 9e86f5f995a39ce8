//! The root component.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{self, ApiError, Health};
use crate::store::{DB_NAME, Store};

const NOTE_KEY: &str = "note";

/// Caja's page: the Worker's health and a note kept in IndexedDB.
#[component]
pub fn App() -> impl IntoView {
    let health = LocalResource::new(api::fetch_health);
    let (note, set_note) = signal(String::new());
    let (saved, set_saved) = signal(None::<String>);

    spawn_local(async move {
        if let Ok(store) = Store::open(DB_NAME).await
            && let Ok(Some(stored)) = store.get::<String>(NOTE_KEY).await
        {
            set_saved.set(Some(stored));
        }
    });

    let save = move |_| {
        let text = note.get_untracked();
        spawn_local(async move {
            if let Ok(store) = Store::open(DB_NAME).await
                && store.put(NOTE_KEY, &text).await.is_ok()
            {
                set_saved.set(Some(text));
            }
        });
    };

    view! {
        <main class="app">
            <h1>"Caja"</h1>
            <p data-testid="health">
                {move || match health.get() {
                    None => "Conectando con el servidor…".to_string(),
                    Some(result) => health_text(&result),
                }}
            </p>
            <p data-testid="sample-amount">{caja_core::money::format_mxn(123_456)}</p>
            <label for="note">"Nota"</label>
            <input
                id="note"
                data-testid="note-input"
                prop:value=note
                on:input=move |ev| set_note.set(event_target_value(&ev))
            />
            <button data-testid="note-save" on:click=save>"Guardar"</button>
            <p data-testid="note-saved">
                {move || saved.get().map(|text| format!("Guardado: {text}")).unwrap_or_default()}
            </p>
        </main>
    }
}

fn health_text(result: &Result<Health, ApiError>) -> String {
    match result {
        Ok(Health { ok: true, db: true }) => "Servidor: ok · Base de datos: ok".to_string(),
        Ok(_) => "Servidor: ok · Base de datos: sin conexión".to_string(),
        Err(_) => "Servidor: sin conexión".to_string(),
    }
}
