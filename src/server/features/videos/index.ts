// What the page rendering uses: the library's first thumbnails, hinted to the browser on /videos.
export { firstLibraryThumbnails } from "./library-cache";
