import type { PostImage as PostImageData } from "#contracts/blog.ts";

interface PostImageProps {
  image: PostImageData | null;
  /** How wide the picture is drawn, so the browser picks the right width from `srcset`. */
  sizes: string;
  /** Only the first picture a visitor sees is fetched at once; the rest wait until they are near. */
  eager?: boolean;
  className?: string;
}

/** A post's cover; decorative, since the post's title is always beside it. */
export function PostImage({ image, sizes, eager = false, className = "" }: PostImageProps) {
  if (!image) return <div aria-hidden="true" className={`aspect-[40/21] bg-gradient-to-br from-ink-900 via-indigo-600 to-cyan-400 ${className}`} />;
  // Inside <picture> React's server renderer adds no preload of its own to the head, whose elements
  // must be exactly those the page's scripts draw there; the image's fetchPriority gives it the same head start.
  return (
    <picture>
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt=""
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding="async"
        className={`h-auto w-full bg-ink-900 object-cover ${className}`}
      />
    </picture>
  );
}
