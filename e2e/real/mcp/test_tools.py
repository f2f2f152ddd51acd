"""An MCP server for the real-server journeys, run over stdio by the agent-server.

It uses the `mcp` package the agent-server's own venv has, so nothing more is installed.
"""

from mcp.server.fastmcp import FastMCP

server = FastMCP("tether-test-tools")


@server.tool()
def tether_echo(text: str) -> str:
    """Says the text back, marked as coming from this test server."""
    return f"echoed by the MCP test server: {text}"


@server.tool()
def add_numbers(a: int, b: int) -> int:
    """Adds two whole numbers."""
    return a + b


if __name__ == "__main__":
    server.run()
