// `lenient`, for samples that use it without importing it (after docs/samples/mcp_v1.mjs).
const { lenient } = await import("agent-input/mcp");
