/** The media type Linked Art documents are served as (Linked Art API 1.0). */
export const LINKED_ART_MEDIA_TYPE = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';
