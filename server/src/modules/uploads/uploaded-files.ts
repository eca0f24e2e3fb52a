/**
 * File parts of a multipart request, as api-routes hands them to handlers: `request.uploadedFiles`
 * by part name (@fastify/multipart already owns `request.files()`). Check the bytes with saveUpload.
 */
import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  data: Buffer;
  /** The client's name, for logs only: never used to store or type the file. */
  filename: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** File parts of a multipart endpoint, by part name (see EndpointDef.files). */
    uploadedFiles?: Record<string, UploadedFile>;
  }
}

/** The file part `name` of this request (present: api-routes refused the request otherwise). */
export function uploadedFile(request: FastifyRequest, name: string): UploadedFile {
  const file = request.uploadedFiles?.[name];
  if (!file) throw new Error(`endpoint has no file part ${name}`);
  return file;
}
