// The "Connect an assistant" card of the API keys page: the configuration to paste into an AI
// assistant (Claude Code, Cursor, VS Code, Claude Desktop) to reach this server's /mcp with a
// key as a static Bearer header. No OAuth is involved.
import { h, uid } from './ui.js';

/** assistantCard is the card, with this server's /mcp URL filled in. */
export function assistantCard() {
  const id = uid('assistant');
  const url = `${location.origin}/mcp`;
  const header = 'Authorization: Bearer YOUR_KEY';
  const json = JSON.stringify({ mcpServers: { site: { url, headers: { Authorization: 'Bearer YOUR_KEY' } } } }, null, 2);
  const desktop = JSON.stringify({ mcpServers: { site: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', header] } } }, null, 2);
  const block = (label, text) => h('div', { class: 'field' }, h('p', { class: 'note', text: label }), h('pre', {}, h('code', { text })));
  return h('section', { class: 'assistant', 'aria-labelledby': id },
    h('h2', { id, text: 'Connect an assistant' }),
    h('p', {}, 'AI assistants reach your content at ', h('code', { text: url }),
      ' (Model Context Protocol). Create a key for the assistant and replace YOUR_KEY with it: with ',
      h('code', { text: 'read' }), ' it reads and searches your published posts, with ', h('code', { text: 'write' }),
      ' it drafts, edits drafts and publishes (never deletes; add ', h('code', { text: 'read:content' }), ' to let it find your drafts), with ', h('code', { text: 'read:analytics' }), ' it sees your numbers. No OAuth sign-in is needed.'),
    block('Claude Code:', `claude mcp add --transport http site ${url} --header "${header}"`),
    block('Cursor (~/.cursor/mcp.json); in VS Code (.vscode/mcp.json) write "servers" and add "type": "http":', json),
    block('Claude Desktop (claude_desktop_config.json):', desktop));
}
