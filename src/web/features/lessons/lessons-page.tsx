import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import { PageSpinner } from "~/web/components/ui/spinner";
import CoursePage from "./course-page";
import LessonPage from "./lesson-page";

const CertificatePage = lazy(() => import("./certificate-page"));

/**
 * The pages of lessons inside courses, one module for the app's table of pages (every entry there
 * weighs on the first script of every page, the landing page's too): a course's page
 * (`/courses/:id`), a lesson's (`/lessons/:id`), and a certificate's (`/certificates/:code`), which
 * anyone may open and which loads apart.
 */
export default function LessonsPage({
  params = {},
  signedIn = false,
}: {
  params?: Record<string, string | undefined>;
  signedIn?: boolean;
}) {
  const [location] = useLocation();
  const [, section, code = ""] = location.split("/");
  if (section === "courses") return <CoursePage params={params} />;
  if (section === "lessons") return <LessonPage params={params} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <CertificatePage code={code} signedIn={signedIn} />
    </Suspense>
  );
}
