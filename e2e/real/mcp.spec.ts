import { Tether } from '../app';
import { McpDialog } from '../mcp';
import { MCP_TEST_TOOLS } from './agentServer';
import { openConnected, expect, REAL_SERVER_NAME, startConversation, test } from './fixtures';

// An MCP server added in Tether, on the real agent-server: Test starts it and lists its tools,
// and a conversation started afterwards gives them to the agent, whose call reaches the server.

const NAME = 'tether_tools';

test('an MCP server written for the tests passes Test, and its tool is the agent’s in the next conversation @smoke', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    {
      text: 'Asking the test tools.',
      toolCalls: [{ name: 'tether_echo', arguments: { text: 'hello from the journey' } }],
    },
    { text: 'The test tools answered.' },
  ]);
  const app = new Tether(page);
  const mcp = new McpDialog(page);
  await openConnected(page, server);
  try {
    await mcp.openFor(REAL_SERVER_NAME);
    // Not there: the server's own words.
    await mcp.fillNew(NAME, { command: '/nonexistent/mcp-server' });
    await expect(await mcp.testForm()).toHaveText(
      "Could not connect: Client failed to connect: [Errno 2] No such file or directory: '/nonexistent/mcp-server'",
    );
    await mcp.fillSpec({
      command: server.python,
      args: [MCP_TEST_TOOLS],
      env: ['TETHER_MCP_MARK=from-tether'],
    });
    const tested = await mcp.testForm();
    await expect(tested).toContainText('Connected. It offers 2 tools:');
    await expect(tested.getByRole('listitem')).toHaveText(['tether_echo', 'add_numbers']);
    await mcp.save();
    await expect(mcp.entry(NAME)).toContainText('Variables: TETHER_MCP_MARK');
    // Stored as typed, its variable too.
    const { agent_settings } = await server.api<{ agent_settings: { mcp_config: Record<string, unknown> } }>(
      '/api/settings',
      { headers: { 'X-Expose-Secrets': 'plaintext' } },
    );
    expect(agent_settings.mcp_config[NAME]).toEqual({
      transport: 'stdio',
      command: server.python,
      args: [MCP_TEST_TOOLS],
      env: { TETHER_MCP_MARK: 'from-tether' },
      enabled: true,
    });
    await mcp.close();
    await app.closeServers();

    const id = await startConversation(page, llm, 'Ask the test tools');
    await expect(app.log.getByText('The test tools answered.')).toBeVisible({ timeout: 60_000 });
    // The model was offered the tool, and the call went to the MCP server and back.
    const offered = llm.requests.flatMap((request) =>
      (Array.isArray(request.body.tools) ? request.body.tools : []).map(
        (tool: { name?: string; function?: { name?: string } }) => tool.function?.name ?? tool.name,
      ),
    );
    expect(offered).toContain('tether_echo');
    expect(JSON.stringify(await server.events(id))).toContain(
      'echoed by the MCP test server: hello from the journey',
    );
    await app.unfoldSteps();
    await expect(app.log.getByText('echoed by the MCP test server: hello from the journey')).toBeVisible();
  } finally {
    // The worker's server runs later journeys: they start without it.
    await server.api(`/api/settings/mcp/${NAME}`, { method: 'DELETE' }).catch(() => undefined);
  }
});
