export { PageSkeleton as default } from "@/components/dashboard/page-skeleton";
