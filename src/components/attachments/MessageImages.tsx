import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../boundaries/lazyPart';

// The gallery (and its styles) load with the first message that has an image.
const ImageGallery = lazyPart(() =>
  import('./ImageGallery').then((module) => ({ default: module.ImageGallery })),
);

export function MessageImages(props: ComponentProps<typeof ImageGallery>) {
  if (props.urls.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ImageGallery {...props} />
    </Suspense>
  );
}
