/** `agent-input/register`: imported for its effect (`node --import agent-input/register server.js`); it exports nothing. */
export {};
