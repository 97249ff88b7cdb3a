/**
 * What the OAuth server reads from the outside world: Client ID Metadata Documents
 * (draft-ietf-oauth-client-id-metadata-document §4), fetched from the URL a client uses as its client_id.
 */
export interface ClientMetadataDocuments {
  /** The parsed JSON document at `url`; throws when it cannot be read (status, size, time or syntax). */
  read(url: URL): Promise<unknown>;
}
