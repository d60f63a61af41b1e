/** A file a request carried (multipart), read whole into memory within its field's cap. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}
