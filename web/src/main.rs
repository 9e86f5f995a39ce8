//! Entry point: mounts the Caja app into `<body>`.

fn main() {
    console_error_panic_hook_install();
    leptos::mount::mount_to_body(caja_web::App);
}

fn console_error_panic_hook_install() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
}
