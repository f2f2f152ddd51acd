// Made-up credentials of every shape redaction.ts knows, none of them real: planted by the
// redaction tests in titles, messages, outputs, file names and URLs, and looked for in every
// file and clipboard text that leaves the browser. Kept beside the rules so that a new shape
// comes with its example.

export interface PlantedSecret {
  /** The shape's name in TOKEN_SHAPES. */
  shape: string;
  /** The text as it would appear (a command, a URL, a line of an env file). */
  text: string;
  /** The part that must not survive. */
  secret: string;
  /** The shape is recognised from its start alone, so a cut-short copy is caught too. */
  cut?: boolean;
}

export const PLANTED_SECRETS: readonly PlantedSecret[] = [
  {
    shape: 'private key',
    text: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==\n-----END OPENSSH PRIVATE KEY-----',
    secret: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==',
    cut: true,
  },
  {
    shape: 'Anthropic key',
    text: 'sk-ant-api03-Abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'Abcdefghijklmnopqrstuvwxyz0123456789',
    cut: true,
  },
  {
    shape: 'OpenAI key',
    text: 'sk-proj-Abcdefghijklmnopqrstuvwxyz012345',
    secret: 'Abcdefghijklmnopqrstuvwxyz012345',
    cut: true,
  },
  {
    shape: 'GitHub token',
    text: 'ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5',
    secret: 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5',
    cut: true,
  },
  {
    shape: 'GitLab token',
    text: 'glpat-abcdefghij0123456789',
    secret: 'abcdefghij0123456789',
    cut: true,
  },
  { shape: 'AWS access key', text: 'AKIAIOSFODNN7EXAMPLE', secret: 'IOSFODNN7EXAMPLE', cut: true },
  {
    shape: 'Google API key',
    text: 'AIzaSyA1234567890abcdefghijklmnopqrstuv',
    secret: 'SyA1234567890abcdefghijklmnopqrstuv',
    cut: true,
  },
  {
    shape: 'Google OAuth token',
    text: 'ya29.a0AfH6SMBx3exampleexampleexample0123',
    secret: 'a0AfH6SMBx3exampleexampleexample0123',
    cut: true,
  },
  {
    shape: 'Slack token',
    text: 'xoxb-123456789012-abcdefghijkl',
    secret: '123456789012-abcdefghijkl',
    cut: true,
  },
  {
    shape: 'Slack webhook',
    text: 'https://hooks.slack.com/services/T0000AAAA/B0000BBBB/XXXXXXXXXXXXXXXXXXXXXXXX',
    secret: 'T0000AAAA/B0000BBBB/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  {
    shape: 'Stripe key',
    text: 'sk_live_abcdefghijklmnop1234',
    secret: 'abcdefghijklmnop1234',
  },
  {
    shape: 'Hugging Face token',
    text: 'hf_abcdefghijklmnopqrstuvwxyzABCDEF',
    secret: 'abcdefghijklmnopqrstuvwxyzABCDEF',
    cut: true,
  },
  {
    shape: 'JSON Web Token',
    text: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    secret: 'eyJzdWIiOiIxMjM0NTY3ODkwIn0',
    cut: true,
  },
  {
    shape: 'bearer token',
    text: 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz.0123',
    secret: 'abcdefghijklmnopqrstuvwxyz.0123',
  },
  {
    shape: 'password in an address',
    text: 'https://bob:hunter2@git.example.com/repo.git',
    secret: 'hunter2',
  },
  {
    shape: 'credential in an address',
    text: 'https://tok3nvalue0123456789@github.com/org/repo.git',
    secret: 'tok3nvalue0123456789',
  },
  {
    shape: 'secret in an address',
    text: 'https://files.example.com/report.pdf?X-Amz-Signature=4f2a9c0d1e2b3a4c5d6e7f8a9b0c&sig=Zm9vYmFy',
    secret: '4f2a9c0d1e2b3a4c5d6e7f8a9b0c',
  },
  {
    shape: 'secret setting',
    text: 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
];
