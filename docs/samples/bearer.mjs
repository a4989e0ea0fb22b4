// The setting of the scopes sample (after docs/samples/mcp_v1.mjs and lenient.mjs): an express
// app, the 1.x SDK's `requireBearerAuth`, a token `verifier` and the route's `handle`.
const { default: express } = await import("express");
const { requireBearerAuth } = await import("@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js");
const app = express();
const verifier = { async verifyAccessToken(token) { return { token, clientId: "c", scopes: ["decisions:read"], expiresAt: Math.floor(Date.now() / 1000) + 60 }; } };
const handle = (req, res) => res.end();
