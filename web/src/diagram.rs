//! A diagram drawn by the engine, in a region of its own that scrolls: on
//! a phone a flow is wider than the screen, so each time the diagram
//! changes its current state is brought to the middle of the region (the
//! page itself does not move).

use leptos::prelude::*;

/// The SVG `svg` returns, centred on its current state.
#[component]
pub(crate) fn Diagram(
    /// The diagram's SVG (the engine's `diagram_svg`).
    svg: Signal<String>,
    /// What the region is called, for screen readers.
    label: &'static str,
    /// The region's `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    let region = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        svg.track();
        // After the new SVG is in the page and laid out.
        request_animation_frame(move || {
            if let Some(Some(el)) = region.try_get_untracked() {
                centre_on_current(&el);
            }
        });
    });
    view! {
        <div class="diagram-scroll" data-testid=testid tabindex="0" role="region" aria-label=label
            node_ref=region inner_html=move || svg.get()></div>
    }
}

/// Scrolls `region` so that its `[aria-current="step"]` node is in the
/// middle, as far as the diagram's edges allow.
fn centre_on_current(region: &web_sys::HtmlDivElement) {
    let Ok(Some(current)) = region.query_selector(r#"[aria-current="step"]"#) else {
        return;
    };
    let (node, frame) = (
        current.get_bounding_client_rect(),
        region.get_bounding_client_rect(),
    );
    let dx = node.left() + node.width() / 2.0 - (frame.left() + frame.width() / 2.0);
    let dy = node.top() + node.height() / 2.0 - (frame.top() + frame.height() / 2.0);
    region.set_scroll_left(region.scroll_left() + dx.round() as i32);
    region.set_scroll_top(region.scroll_top() + dy.round() as i32);
}
