import {
  MESSAGES,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
} from '../../../../shared/schemas/account';

/** A chosen photo as a data URL, or the reason it cannot be used (the server checks its bytes again). */
export function readPhoto(file: File): Promise<{ dataUrl: string } | { error: string }> {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type))
    return Promise.resolve({ error: MESSAGES.imageType });
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return Promise.resolve({ error: MESSAGES.imageSize });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ error: MESSAGES.imageType });
    reader.readAsDataURL(file);
  });
}
