// Shared settings for the end-to-end tiers: where the Worker under test runs.
export const BASE_URL = process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
export const ARTIFACTS = process.env.CAJA_ARTIFACTS ?? 'target/test-artifacts';
