#include "contactlab/io/fclib.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"

extern "C" {
#include <fclib.h>
}
#include <hdf5.h>

#include <fmt/format.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace contactlab {
namespace {

/// HDF5's error printing off while an object lives (libfclib and our checks test for things that
/// may be missing; HDF5 would print a stack for each), restored after.
class QuietHdf5 {
 public:
  QuietHdf5() {
    H5Eget_auto2(H5E_DEFAULT, &function_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  QuietHdf5(const QuietHdf5&) = delete;
  QuietHdf5& operator=(const QuietHdf5&) = delete;
  ~QuietHdf5() { H5Eset_auto2(H5E_DEFAULT, function_, data_); }

 private:
  H5E_auto2_t function_ = nullptr;
  void* data_ = nullptr;
};

/// An open HDF5 file, read-only, closed on every path.
class Hdf5File {
 public:
  explicit Hdf5File(const std::string& path) : id_(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT)) {}
  Hdf5File(const Hdf5File&) = delete;
  Hdf5File& operator=(const Hdf5File&) = delete;
  ~Hdf5File() {
    if (id_ >= 0) H5Fclose(id_);
  }
  hid_t id() const { return id_; }

 private:
  hid_t id_;
};

/// Whether every component of `name` ("/a/b/c") exists in the file (H5Lexists needs the parents).
bool exists(hid_t file, const std::string& name) {
  std::size_t at = 0;
  while ((at = name.find('/', at + 1)) != std::string::npos) {
    if (H5Lexists(file, name.substr(0, at).c_str(), H5P_DEFAULT) <= 0) return false;
  }
  return H5Lexists(file, name.c_str(), H5P_DEFAULT) > 0;
}

/// Number of elements of a 1-D (or scalar) dataset; -1 when it is not one.
long long extent(hid_t file, const std::string& name) {
  const hid_t set = H5Dopen2(file, name.c_str(), H5P_DEFAULT);
  if (set < 0) return -1;
  const hid_t space = H5Dget_space(set);
  long long count = -1;
  if (space >= 0) {
    const int rank = H5Sget_simple_extent_ndims(space);
    if (rank == 0) count = 1;
    if (rank == 1) {
      hsize_t dims[1] = {0};
      H5Sget_simple_extent_dims(space, dims, nullptr);
      count = static_cast<long long>(dims[0]);
    }
    H5Sclose(space);
  }
  H5Dclose(set);
  return count;
}

/// A scalar int dataset (one element); nullopt when missing or not one int.
std::optional<long long> read_int(hid_t file, const std::string& name) {
  if (!exists(file, name) || extent(file, name) != 1) return std::nullopt;
  const hid_t set = H5Dopen2(file, name.c_str(), H5P_DEFAULT);
  if (set < 0) return std::nullopt;
  long long value = 0;
  const herr_t status = H5Dread(set, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, &value);
  H5Dclose(set);
  if (status < 0) return std::nullopt;
  return value;
}

[[noreturn]] void fail(const std::string& path, const std::string& what) { throw InputError(path, 0, what); }

/// libfclib's fclib_delete_local frees what the problem points to but not the struct, which
/// fclib_read_local calloc'ed (LeakSanitizer found the 64 bytes): both, here.
void release(fclib_local* local) {
  fclib_delete_local(local);
  std::free(local);
}

/// The checks before libfclib reads the file (fclib.h): the sizes it will trust.
void check_layout(const std::string& path, bool& has_solution) {
  Hdf5File file(path);
  if (file.id() < 0) fail(path, "cannot be opened as an HDF5 file");
  if (!exists(file.id(), "/fclib_local")) {
    fail(path, exists(file.id(), "/fclib_global") ? "holds an FCLIB global problem; expected a local one"
                                                  : "no /fclib_local group: not an FCLIB local problem");
  }
  if (exists(file.id(), "/fclib_local/V") || exists(file.id(), "/fclib_local/R")) {
    fail(path, "a mixed local problem (V, R): only pure 3-D friction contact (W, q, mu) is supported");
  }
  const auto need = [&](const char* name) {
    const std::optional<long long> v = read_int(file.id(), name);
    if (!v) fail(path, fmt::format("{}: missing or not one integer", name));
    return *v;
  };
  const long long spacedim = need("/fclib_local/spacedim");
  if (spacedim != 3) fail(path, fmt::format("/fclib_local/spacedim: expected 3 (3-D contact), got {}", spacedim));
  const long long m = need("/fclib_local/W/m"), n = need("/fclib_local/W/n"), nz = need("/fclib_local/W/nz"),
                  nzmax = need("/fclib_local/W/nzmax");
  constexpr long long kMax = 1LL << 30;
  if (m != n || m <= 0 || m % 3 != 0 || m > kMax) {
    fail(path, fmt::format("/fclib_local/W: expected a square matrix of 3 rows per contact (at least one "
                           "contact), got {}x{}",
                           m, n));
  }
  if (nzmax < 0 || nzmax > kMax || nz < -2 || nz > nzmax) {
    fail(path, fmt::format("/fclib_local/W: inconsistent sizes nz {} and nzmax {}", nz, nzmax));
  }
  const long long pointers = nz == -1 ? n + 1 : nz == -2 ? m + 1 : nz;
  const long long entries = nz >= 0 ? nz : nzmax;
  const auto sized = [&](const std::string& name, long long expected, bool at_least) {
    const long long got = exists(file.id(), name) ? extent(file.id(), name) : -1;
    if (got < 0 || (at_least ? got < expected : got != expected)) {
      fail(path, fmt::format("{}: expected {}{} entries, got {}", name, at_least ? "at least " : "", expected,
                             got < 0 ? std::string("none") : std::to_string(got)));
    }
  };
  sized("/fclib_local/W/p", pointers, true);
  sized("/fclib_local/W/i", entries, true);
  sized("/fclib_local/W/x", entries, true);
  sized("/fclib_local/vectors/q", m, false);
  sized("/fclib_local/vectors/mu", m / 3, false);
  has_solution = exists(file.id(), "/solution");
  if (has_solution) {
    sized("/solution/r", m, false);
    sized("/solution/u", m, false);
  }
}

Eigen::VectorXd vector_of(const double* values, Eigen::Index n, const std::string& path, const char* name) {
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!std::isfinite(values[i])) fail(path, fmt::format("{}[{}]: expected a finite number", name, i));
    v[i] = values[i];
  }
  return v;
}

/// W from libfclib's arrays, every index and value checked.
Eigen::SparseMatrix<double> matrix_of(const fclib_matrix& w, const std::string& path) {
  const Eigen::Index size = w.m;
  std::vector<Eigen::Triplet<double>> entries;
  const auto add = [&](long long row, long long column, double value, long long k) {
    if (row < 0 || row >= size || column < 0 || column >= size) {
      fail(path,
           fmt::format("/fclib_local/W: entry {} at ({}, {}) is outside the {}x{} matrix", k, row, column, size, size));
    }
    if (!std::isfinite(value)) fail(path, fmt::format("/fclib_local/W/x[{}]: expected a finite number", k));
    entries.emplace_back(row, column, value);
  };
  if (w.nz >= 0) {  // triplets: p row indices, i column indices
    for (long long k = 0; k < w.nz; ++k) add(w.p[k], w.i[k], w.x[k], k);
  } else {
    const long long outer = w.nz == -1 ? w.n : w.m;
    for (long long j = 0; j < outer; ++j) {
      if (w.p[j] < 0 || w.p[j + 1] < w.p[j] || w.p[j + 1] > w.nzmax) {
        fail(path, fmt::format("/fclib_local/W/p: pointers must rise from 0 to at most nzmax ({}); p[{}] = {}, "
                               "p[{}] = {}",
                               w.nzmax, j, w.p[j], j + 1, w.p[j + 1]));
      }
      for (long long k = w.p[j]; k < w.p[j + 1]; ++k) {
        if (w.nz == -1) {
          add(w.i[k], j, w.x[k], k);
        } else {
          add(j, w.i[k], w.x[k], k);
        }
      }
    }
  }
  Eigen::SparseMatrix<double> out(size, size);
  out.setFromTriplets(entries.begin(), entries.end());
  return out;
}

}  // namespace

FclibProblem fclib_problem(const ContactProblem& problem, const std::vector<Vec3>* impulses) {
  FclibProblem out;
  out.delassus = delassus_matrix(problem);
  const auto m = static_cast<Eigen::Index>(problem.contacts.size());
  out.free_velocity.resize(3 * m);
  out.friction.resize(m);
  for (Eigen::Index k = 0; k < m; ++k) {
    out.free_velocity.segment<3>(3 * k) = problem.contacts[static_cast<std::size_t>(k)].free_velocity;
    out.friction[k] = problem.contacts[static_cast<std::size_t>(k)].friction;
  }
  if (impulses != nullptr) {
    if (impulses->size() != problem.contacts.size()) {
      throw std::invalid_argument("fclib_problem: one impulse per contact expected");
    }
    Eigen::VectorXd r(3 * m);
    for (Eigen::Index k = 0; k < m; ++k) r.segment<3>(3 * k) = (*impulses)[static_cast<std::size_t>(k)];
    out.velocities = out.delassus * r + out.free_velocity;
    out.impulses = std::move(r);
  }
  return out;
}

void write_fclib(const FclibProblem& problem, const std::string& path) {
  const Eigen::Index n = problem.free_velocity.size();
  if (problem.delassus.rows() != n || problem.delassus.cols() != n || 3 * problem.friction.size() != n ||
      (problem.impulses && problem.impulses->size() != n) || (problem.velocities && problem.velocities->size() != n) ||
      problem.impulses.has_value() != problem.velocities.has_value()) {
    throw std::invalid_argument("write_fclib: W 3m x 3m, q, r, u of 3m and mu of m entries expected");
  }
  // libfclib ends the process (exit) when q or mu is a null pointer, which an empty vector's data()
  // is: a problem without contacts is refused here instead.
  if (n == 0) fail(path, "a contact problem without contacts: FCLIB (libfclib) cannot hold one");
  check_output_file(path);
  Eigen::SparseMatrix<double> w = problem.delassus;  // column-major, compressed: FCLIB's nz = -1
  w.makeCompressed();
  std::vector<int> pointers(w.outerIndexPtr(), w.outerIndexPtr() + n + 1);
  std::vector<int> rows(w.innerIndexPtr(), w.innerIndexPtr() + w.nonZeros());
  std::vector<double> values(w.valuePtr(), w.valuePtr() + w.nonZeros());
  Eigen::VectorXd q = problem.free_velocity, mu = problem.friction;
  std::string title = problem.title, description = problem.description, math_info = problem.math_info;

  fclib_matrix matrix{};
  matrix.nzmax = static_cast<int>(values.size());
  matrix.m = static_cast<int>(n);
  matrix.n = static_cast<int>(n);
  matrix.p = pointers.data();
  matrix.i = rows.data();
  matrix.x = values.data();
  matrix.nz = -1;
  fclib_info info{title.data(), description.data(), math_info.data()};
  fclib_local local{};
  local.W = &matrix;
  local.mu = mu.data();
  local.q = q.data();
  local.spacedim = 3;
  local.info = &info;

  // A fresh temporary beside the target (libfclib refuses a file that already holds a problem),
  // renamed into place once complete.
  const std::filesystem::path target(path);
  std::string temporary = (target.parent_path() / (".fclib-XXXXXX")).string();
  if (target.parent_path().empty()) temporary = ".fclib-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) fail(path, "cannot create a temporary file beside it");
  ::close(fd);
  std::filesystem::remove(temporary);
  const auto discard = [&] {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
  };
  {
    QuietHdf5 quiet;
    bool ok = fclib_write_local(&local, temporary.c_str()) == 1;
    if (ok && problem.impulses) {
      Eigen::VectorXd r = *problem.impulses, u = *problem.velocities;
      fclib_solution solution{nullptr, u.data(), r.data(), nullptr};
      ok = fclib_write_solution(&solution, temporary.c_str()) == 1;
    }
    if (!ok) {
      discard();
      fail(path, "libfclib could not write the problem");
    }
  }
  std::error_code error;
  check_output_file(path);
  std::filesystem::rename(temporary, target, error);
  if (error) {
    discard();
    fail(path, "cannot rename the written file into place: " + error.message());
  }
}

FclibProblem read_fclib(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) fail(path, "no such file");
  if (!std::filesystem::is_regular_file(path, error)) fail(path, "not a regular file");
  QuietHdf5 quiet;
  if (H5Fis_hdf5(path.c_str()) <= 0) fail(path, "not an HDF5 file (FCLIB problems are HDF5)");
  bool has_solution = false;
  check_layout(path, has_solution);

  FclibProblem out;
  fclib_local* local = fclib_read_local(path.c_str());
  if (local == nullptr || local->W == nullptr || local->q == nullptr || local->mu == nullptr) {
    if (local != nullptr) release(local);
    fail(path, "libfclib could not read the local problem");
  }
  try {
    out.delassus = matrix_of(*local->W, path);
    const Eigen::Index m = local->W->m;
    out.free_velocity = vector_of(local->q, m, path, "/fclib_local/vectors/q");
    out.friction = vector_of(local->mu, m / 3, path, "/fclib_local/vectors/mu");
    for (Eigen::Index a = 0; a < out.friction.size(); ++a) {
      if (out.friction[a] < 0) fail(path, fmt::format("/fclib_local/vectors/mu[{}]: expected >= 0", a));
    }
    if (local->info != nullptr) {
      if (local->info->title) out.title = local->info->title;
      if (local->info->description) out.description = local->info->description;
      if (local->info->math_info) out.math_info = local->info->math_info;
    }
  } catch (...) {
    release(local);
    throw;
  }
  const Eigen::Index m = local->W->m;
  release(local);
  if (has_solution) {
    fclib_solution* solution = fclib_read_solution(path.c_str());
    if (solution == nullptr || solution->r == nullptr || solution->u == nullptr) {
      if (solution != nullptr) fclib_delete_solutions(solution, 1);
      fail(path, "libfclib could not read the solution");
    }
    try {
      out.impulses = vector_of(solution->r, m, path, "/solution/r");
      out.velocities = vector_of(solution->u, m, path, "/solution/u");
    } catch (...) {
      fclib_delete_solutions(solution, 1);
      throw;
    }
    fclib_delete_solutions(solution, 1);
  }
  return out;
}

}  // namespace contactlab
