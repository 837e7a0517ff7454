// Starts `ply lsp` for .rules files: diagnostics as you type, hovers, go to definition,
// references, rename, completion and the outline. Plain JavaScript: no build step.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("ply").get("path") || "ply";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "ply",
    "ply language server",
    { run: server, debug: server },
    { documentSelector: [{ language: "ply" }] }
  );
  context.subscriptions.push(client);
  return client.start().catch((e) => {
    vscode.window.showErrorMessage(
      `ply: cannot start \`${command} lsp\` (${e.message}). Set "ply.path" to the ply binary.`
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
