import { getImageProps, type ImageProps } from "next/image";

/**
 * next/image's optimization (a srcset through /_next/image, lazy loading, the intrinsic size) as a
 * plain <img> rendered on the server: public pages get the same pictures without the Image
 * component's JavaScript (the public pages' budget). Above the fold, pass loading="eager" and
 * fetchPriority="high" instead of priority.
 */
export function OptimizedImage(props: ImageProps) {
  const { props: imgProps } = getImageProps(props);
  // eslint-disable-next-line @next/next/no-img-element -- these are next/image's own props
  return <img {...imgProps} alt={props.alt} />;
}
