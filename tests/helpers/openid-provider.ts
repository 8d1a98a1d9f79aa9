import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { freePort } from "./port";

export interface TestPerson {
  /** The provider's lasting id for them (`sub`). */
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at this provider is: whoever comes to its login is this person, consenting at once. */
  signInAs(person: TestPerson): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a free loopback port, with one client whose redirect addresses are
 * `redirectUris`. Its login and consent are answered without a form, for the person set by `signInAs`.
 */
export async function startOpenIdProvider(redirectUris: string[]): Promise<TestOpenIdProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const client = { clientId: "himaltech-test", clientSecret: "himaltech-test-secret-0123456789" };
  const people = new Map<string, TestPerson>();
  let current: TestPerson | undefined;
  // Keys and lifetimes of its own rather than its quick-start ones (its in-memory store is enough for one test file).
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const minutes = 10 * 60;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "test", alg: "RS256", use: "sig" }] },
    ttl: { AccessToken: minutes, AuthorizationCode: minutes, Grant: minutes, IdToken: minutes, Interaction: minutes, Session: minutes },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      return person && { accountId: id, claims: () => ({ sub: id, email: person.email, email_verified: person.emailVerified, name: person.name }) };
    },
  });

  const answer = provider.callback();
  const server: Server = createServer((request, response) => {
    if (!request.url?.startsWith("/interaction/")) return void answer(request, response);
    void (async () => {
      const person = current!;
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({ accountId: person.id, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { login: { accountId: person.id }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    issuer,
    ...client,
    signInAs(person) {
      people.set(person.id, person);
      current = person;
    },
    close() {
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      return closed;
    },
  };
}
