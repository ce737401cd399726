import { IMAGE_FILE_NAME } from '~/lib/schemas/admin';

/**
 * What keeps the avatar form from saving, as its fields show it: the name (required, and with a
 * letter or digit, since the avatarId is made from it) and the image file name (empty, or a PNG,
 * JPEG, WebP or GIF file name, as the server takes it).
 */
export function avatarFormProblems(
  name: string,
  avatarId: string,
  imageFile: string,
): { name?: string; image?: string } {
  const problems: { name?: string; image?: string } = {};
  if (!name.trim()) problems.name = 'Give the avatar a name.';
  else if (!avatarId) problems.name = 'The name needs at least one letter or digit: the avatar id is made from it.';
  const file = imageFile.trim();
  if (file && (!IMAGE_FILE_NAME.test(file) || file.includes('..')))
    problems.image = 'Image File must be a PNG, JPEG, WebP or GIF file name, like laser-eyes.png.';
  return problems;
}
